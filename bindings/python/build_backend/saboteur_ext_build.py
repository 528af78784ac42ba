"""saboteur_ext_build.py: a PEP 517 build backend for the saboteur package,
standard library only.

pip calls it to turn bindings/python into a wheel.  The package holds a C
extension over the project's rules library, so the wheel is built from the
source tree it sits in: "make python" (the project's Makefile, the system's
C compiler, libyaml's headers) compiles the extension for the Python that
runs pip, in build/python-TAG of the tree, and the wheel packs it with the
package's Python files.  Nothing is downloaded.
"""

import base64
import hashlib
import os
import subprocess
import sys
import sysconfig
import zipfile

NAME = "saboteur"
VERSION = "0.1.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _tag():
    impl = "cp%d%d" % sys.version_info[:2]
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "%s-%s-%s" % (impl, impl, plat)


def _build():
    """Builds the extension; returns the folder holding the package."""
    if not os.path.exists(os.path.join(ROOT, "rules", "saboteur.h")):
        raise RuntimeError("the saboteur package builds from the project's "
                           "source tree (bindings/python in it): %s is not "
                           "one" % ROOT)
    out = "build/python-" + sys.implementation.cache_tag
    cmd = ["make", "-C", ROOT, "python", "B=" + out,
           "PYTHON=" + sys.executable]
    print("saboteur: " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, stdout=sys.stderr)
    return os.path.join(ROOT, out, "python")


def _metadata():
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: The Saboteur rules engine for Python\n"
            "Requires-Python: >=3.8\n" % (NAME, VERSION))


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d\n" % (path, digest.decode(), len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    built = _build()
    files = []
    pkg = os.path.join(built, NAME)
    for f in sorted(os.listdir(pkg)):
        data = open(os.path.join(pkg, f), "rb").read()
        if f.endswith(".py"):
            files.append((NAME + "/" + f, data))
        elif f == "_saboteur.so":
            ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
            files.append((NAME + "/_saboteur" + ext, data))
    tag = _tag()
    info = "%s-%s.dist-info" % (NAME, VERSION)
    files += [(info + "/METADATA", _metadata().encode()),
              (info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: "
                                 "saboteur_ext_build\nRoot-Is-Purelib: false\n"
                                 "Tag: %s\n" % tag).encode())]
    record = "".join(_record_line(p, d) for p, d in files) + info + "/RECORD,,\n"
    files.append((info + "/RECORD", record.encode()))
    name = "%s-%s-%s.whl" % (NAME, VERSION, tag)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            info_ = zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0))
            info_.external_attr = 0o644 << 16
            z.writestr(info_, data)
    return name
