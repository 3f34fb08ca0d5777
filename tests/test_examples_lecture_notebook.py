"""examples/lecture.py run as a notebook: converted by jupytext, executed by nbclient with the ``python3``
kernel; every cell runs without an error and the pages of ``stategraph.views.page`` show up in the
outputs, each in an isolated frame.  Skipped, with the reason, where jupytext, nbclient or the
kernel is missing (``pip install '.[dev]'`` brings them)."""

import html
import os
import re

import pytest

pytest.importorskip("matplotlib")
jupytext = pytest.importorskip("jupytext")
nbclient = pytest.importorskip("nbclient")

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "lecture.py")


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    from jupyter_client.kernelspec import KernelSpecManager

    if "python3" not in KernelSpecManager().find_kernel_specs():
        pytest.skip("no 'python3' Jupyter kernel (pip install ipykernel)")
    notebook = jupytext.read(SCRIPT)
    folder = tmp_path_factory.mktemp("lecture")
    client = nbclient.NotebookClient(notebook, kernel_name="python3", timeout=300,
                                     resources={"metadata": {"path": str(folder)}})
    client.execute(env={**os.environ, "MPLBACKEND": "Agg"})
    return notebook


def test_every_cell_runs_without_an_error(executed):
    code = [cell for cell in executed.cells if cell.cell_type == "code"]
    assert len(code) >= 10 and all(cell.get("execution_count") for cell in code)
    errors = [(cell.source.splitlines()[0], out.get("ename"), out.get("evalue")) for cell in code
              for out in cell.get("outputs", []) if out.output_type == "error"]
    assert errors == []
    printed = "".join(out.get("text", "") for cell in code for out in cell.get("outputs", [])
                      if out.output_type == "stream")
    assert "eennwwWWWWeeeeeesswwwwwwwnNN" in printed and "done:" in printed


def test_the_pages_show_inline_each_in_its_own_frame(executed):
    shown = [out["data"]["text/html"] for cell in executed.cells if cell.cell_type == "code"
             for out in cell.get("outputs", []) if "text/html" in out.get("data", {})]
    frames = [re.fullmatch(r'<iframe srcdoc="([^"]*)" sandbox="allow-scripts".*</iframe>', "".join(item), re.S)
              for item in shown]
    frames = [found for found in frames if found]
    assert len(frames) >= 2
    pages = [html.unescape(found.group(1)) for found in frames]
    assert all(page.startswith("<!DOCTYPE html>") and 'id="page-data"' in page for page in pages)
    assert any("Maze #3" in page for page in pages) and any("query 1" in page for page in pages)
