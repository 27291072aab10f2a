# The Python module's tests (ctest rulesrun_python): the module from the build folder (PYTHONPATH=build/python), the
# rules files from the clone.
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = sorted((ROOT / "rules").glob("*.rules")) + sorted((ROOT / "rules" / "classics").glob("*.rules"))


@pytest.fixture
def root():
    return ROOT
