"""saboteur_build.py: a PEP 517 build backend for the saboteur-bot package, standard library only.

pip calls it to turn this folder into a wheel (and an sdist); it needs
nothing downloaded, so "pip install ./examples/python" works offline.  It
packs the one package saboteur_bot/ and the metadata pip needs.
"""

import base64
import hashlib
import io
import os
import tarfile
import zipfile

NAME = "saboteur_bot"
DIST = "saboteur-bot"
VERSION = "0.1.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "py3-none-any"


def _metadata():
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: A helper for Saboteur bots: the referee's line protocol, "
            "the state, one choose() to write\n"
            "Requires-Python: >=3.7\n" % (DIST, VERSION))


def _package_files():
    """(path in the archive, bytes) of every file of the package."""
    out = []
    top = os.path.join(HERE, NAME)
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                with open(path, "rb") as fh:
                    out.append((os.path.relpath(path, HERE).replace(os.sep, "/"),
                                fh.read()))
    return out


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d\n" % (path, digest.decode(), len(data))


def _wheel(wheel_directory, files):
    """Writes a wheel holding files (archive path, bytes) and the metadata;
    returns its file name."""
    info = "%s-%s.dist-info" % (NAME, VERSION)
    files = list(files) + [
        (info + "/METADATA", _metadata().encode()),
        (info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: saboteur_build\n"
                           "Root-Is-Purelib: true\nTag: %s\n" % TAG).encode()),
    ]
    record = "".join(_record_line(p, d) for p, d in files) + info + "/RECORD,,\n"
    files.append((info + "/RECORD", record.encode()))
    name = "%s-%s-%s.whl" % (NAME, VERSION, TAG)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            z.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), data)
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _wheel(wheel_directory, _package_files())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable install: a .pth file naming this folder."""
    return _wheel(wheel_directory, [(NAME + ".pth", (HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, VERSION)
    name = base + ".tar.gz"
    files = _package_files()
    for extra in ("pyproject.toml", "build_backend/saboteur_build.py"):
        with open(os.path.join(HERE, extra), "rb") as fh:
            files.append((extra, fh.read()))
    files.append(("PKG-INFO", _metadata().encode()))
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for path, data in files:
            ti = tarfile.TarInfo(base + "/" + path)
            ti.size, ti.mtime, ti.mode = len(data), 1577836800, 0o644
            t.addfile(ti, io.BytesIO(data))
    return name
