import pytest

from qwinkle_browser import Server, make_browser


@pytest.fixture(scope="session")
def server():
    running = Server()
    yield running
    running.stop()


@pytest.fixture
def browser():
    driver = make_browser()
    yield driver
    driver.quit()


@pytest.fixture
def second_browser():
    driver = make_browser()
    yield driver
    driver.quit()
