# The wheel holds a shared library built for one platform, not a Python
# extension module: any Python 3 of that platform loads it, so the tag is
# py3-none-<platform> (the build machine's, from sysconfig: linux_x86_64,
# not manylinux, which no audit here has checked). The distribution says it
# has binaries, so that the files sit at the wheel's root (platlib), not
# under .data/purelib.
import sysconfig

from setuptools import setup
from setuptools.dist import Distribution
from wheel.bdist_wheel import bdist_wheel


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    def get_tag(self):
        plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        return "py3", "none", plat


setup(distclass=BinaryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
