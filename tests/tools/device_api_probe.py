#!/usr/bin/env python3
"""Checks the device API list (tests/cuda/Inputs/device_api.txt) against the headers and tests.

  device_api_probe.py probe LIST OUT.cu
      writes a CUDA file whose device function takes each listed function's address as exactly
      its listed type; compiling it proves every one is declared for device code with that
      signature (an overload set must contain that exact overload).
  device_api_probe.py untested LIST TESTS...
      lists the functions that no file under the TESTS folders calls (a whole-word match), and
      exits 1 if there are any.
"""
import os
import re
import sys


def entries(path):
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("["):
            continue
        name, signature = line.split(":", 1)
        yield name.strip(), signature.strip()


def probe(path, out):
    with open(out, "w") as f:
        f.write("#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n"
                "#include <cuda_fp8.h>\n__device__ void probe() {\n")
        for name, signature in entries(path):
            f.write("  (void)static_cast<%s>(&%s);\n" % (signature, name))
        f.write("}\n")


def untested(path, folders):
    words = set()
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in files:
                if name.endswith((".cu", ".cpp", ".def", ".h")) and name != os.path.basename(path):
                    with open(os.path.join(root, name), errors="replace") as f:
                        words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f.read()))
    missing = sorted({name for name, _ in entries(path)} - words)
    for name in missing:
        print("no test calls %s" % name)
    print("%d functions listed, %d without a test" % (len({n for n, _ in entries(path)}),
                                                     len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "probe":
        probe(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == "untested":
        sys.exit(untested(sys.argv[2], sys.argv[3:]))
    else:
        sys.exit(__doc__)
