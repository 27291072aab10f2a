"""Builds the extension rulesrun._rulesrun with CMake (the project's own build, docs/python.md) for pip.

The build folder is build/pip in this clone (RULESRUN_BUILD_DIR says another): a second install rebuilds only what
changed. Only the extension's target is built, with the interpreter it links.
"""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("RULESRUN_BUILD_DIR") or os.path.join(ROOT, "build", "pip")
        subprocess.check_call(["cmake", "-S", ROOT, "-B", build_dir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                               "-DBUILD_TESTING=OFF", "-DRULESRUN_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"])
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "_rulesrun", "--parallel",
                               os.environ.get("RULESRUN_JOBS", "2")])
        built = os.path.join(build_dir, "python", "rulesrun")
        name = next(f for f in os.listdir(built) if f.startswith("_rulesrun") and f.endswith(".so"))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(built, name), target)


setup(ext_modules=[Extension("rulesrun._rulesrun", sources=[])], cmdclass={"build_ext": CMakeBuild})
