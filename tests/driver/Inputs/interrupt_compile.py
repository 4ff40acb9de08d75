#!/usr/bin/env python3
"""Starts `nvcc -c SOURCE` with TMPDIR set to an empty directory of its own, sends it SIGNAL
once its compile jobs are writing there, waits for it, and prints how it ended, how many
temporary directories are left and how many processes that mention that directory still run.

usage: interrupt_compile.py NVCC SOURCE SIGNAL WORKDIR
"""
import os
import signal
import subprocess
import sys
import time

nvcc, source, signal_name, workdir = sys.argv[1:5]
tmpdir = os.path.join(workdir, "tmp")
os.makedirs(tmpdir)
env = dict(os.environ, TMPDIR=tmpdir)
nvcc_process = subprocess.Popen([nvcc, "-O3", "-c", source, "-o", os.path.join(workdir, "x.o")],
                                env=env, stderr=subprocess.DEVNULL)


def busy():
    """Whether some temporary directory already holds a file."""
    try:
        return any(os.listdir(os.path.join(tmpdir, d)) for d in os.listdir(tmpdir))
    except FileNotFoundError:  # a directory removed while being listed
        return False


deadline = time.time() + 60
while not busy() and time.time() < deadline and nvcc_process.poll() is None:
    time.sleep(0.05)
time.sleep(0.5)
number = getattr(signal, "SIG" + signal_name)
nvcc_process.send_signal(number)
nvcc_process.wait(timeout=60)
print("ended by SIG%s" % signal_name if nvcc_process.returncode == -number
      else "ended with status %d" % nvcc_process.returncode)


def left_running():
    count = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if tmpdir.encode() in f.read() and int(pid) != os.getpid():
                    count += 1
        except OSError:
            pass
    return count


# A job that outlives nvcc (SIGKILL) is stopped by drawbridge-cc, told of nvcc's death.
deadline = time.time() + 10
while (os.listdir(tmpdir) or left_running()) and time.time() < deadline:
    time.sleep(0.1)
print("temporary directories left: %d" % len(os.listdir(tmpdir)))
print("jobs left: %d" % left_running())
