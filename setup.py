"""Build hook: the wheel carries the files Warboard reads at run time.

``templates/``, ``static/``, ``migrations/`` and ``alembic.ini`` live at the top of the
checkout; ``build_py`` copies them into the package as ``app/_bundle/`` so an installed
Warboard (``pip install .``, the Docker image) finds them (``app.process.config.ROOT``).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("templates", "static", "migrations", "alembic.ini")


class BuildWithBundle(build_py):
    def run(self) -> None:
        super().run()
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "app" / "_bundle"
        for name in BUNDLED:
            src, dst = here / name, target / name
            if src.is_dir():
                shutil.copytree(src, dst, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)


setup(cmdclass={"build_py": BuildWithBundle})
