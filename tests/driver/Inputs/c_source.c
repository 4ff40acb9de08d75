/* A plain C source for the driver tests. */
int c_function(int x) { return x * 2; }
