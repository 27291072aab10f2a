# Every Python code block of docs/python.md runs as written, from the clone's top folder.
import os
import re

import pytest

from conftest import ROOT

BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "python.md").read_text(), re.S)


def test_the_page_has_its_tutorial():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_code_block_runs(index, monkeypatch):
    monkeypatch.chdir(ROOT)
    exec(compile(BLOCKS[index], f"docs/python.md block {index + 1}", "exec"), {"__name__": "docs"})
