"""The README's Python example runs as written (so it cannot drift from the API)."""

from __future__ import annotations

import re

from conftest import ROOT


def test_readme_python_example(monkeypatch):
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "no ```python block in the README's Python section"
    monkeypatch.chdir(ROOT)
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
