# SPDX-License-Identifier: BSD-3-Clause
"""The tests run against an installed fcsim: PYTHONPATH holds the installed
package, FCSIM_CLI the installed `fcsim` (scripts/test.sh and
tests/install/python.sh set both)."""
import os
import shutil

import pytest


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("FCSIM_CLI") or shutil.which("fcsim")
    if not path:
        pytest.fail("FCSIM_CLI is not set and fcsim is not on PATH")
    return path


@pytest.fixture(scope="session")
def examples():
    return os.path.join(os.path.dirname(__file__), "..", "..", "examples")
