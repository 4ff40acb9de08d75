// A plain C++ source for the driver tests.
int host_function(int x) { return x + 1; }
