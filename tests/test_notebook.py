"""The tutorial notebook runs top to bottom in a real kernel (nbclient + ipykernel)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.ipynb"


def test_tutorial_is_valid_and_has_no_stored_outputs():
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(TUTORIAL, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code, "the tutorial has code cells"
    assert all(not c.outputs and c.execution_count is None for c in code)


def test_tutorial_executes(tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("pandas")
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path))  # kernel connection files
    nb = nbformat.read(TUTORIAL, as_version=4)
    # Run from docs/, where Jupyter would start for this file.
    client = nbclient.NotebookClient(
        nb,
        timeout=180,
        kernel_name="python3",
        resources={"metadata": {"path": str(TUTORIAL.parent)}},
    )
    client.execute()  # raises CellExecutionError, with the cell and traceback, on any error
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any('class="claimcheck-result"' in h for h in html)  # the result's own table
    assert any("dataframe" in h for h in html)  # pandas tables
