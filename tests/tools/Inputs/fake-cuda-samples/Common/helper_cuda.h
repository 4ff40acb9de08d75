// Stand-in for cuda-samples' Common/ in the test of bench/outside/run.py: the runner only
// needs the folder to exist and to be on the include path.
#pragma once
