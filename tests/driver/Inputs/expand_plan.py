"""Runs an nvcc --dryrun command and prints its plan with each drawbridge-cc step followed by
that step's own plan (drawbridge-cc --dryrun), so that tests can check the commands a .cu file's
compile comes to. Exits with nvcc's status."""
import shlex
import subprocess
import sys

plan = subprocess.run(sys.argv[1:], stderr=subprocess.PIPE, text=True)
for line in plan.stderr.splitlines():
    print(line)
    if line.startswith("#$ ") and "libexec/drawbridge-cc " in line:
        step = subprocess.run(shlex.split(line[3:]) + ["--dryrun"], stderr=subprocess.PIPE,
                              text=True)
        sys.stdout.write(step.stderr)
sys.exit(plan.returncode)
