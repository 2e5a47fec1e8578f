
import pytest

from raglab import Lab, load_corpus


@pytest.fixture(scope="session")
def lab() -> Lab:
    return Lab(load_corpus())
