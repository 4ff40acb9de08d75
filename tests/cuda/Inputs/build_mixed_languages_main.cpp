// The C++ main program of build_mixed_languages.cu: it calls a host wrapper defined in the
// .cu file (which launches a kernel) and a C function.
#include <cstdio>

extern "C" int mixed_c_offset(int x);
int mixed_square_on_device(int *values, int n);

int main() {
  const int n = 1000;
  static int values[n];
  for (int i = 0; i < n; ++i)
    values[i] = mixed_c_offset(i);
  int error = mixed_square_on_device(values, n);
  int bad = error != 0;
  for (int i = 0; i < n; ++i)
    if (values[i] != (i + 1) * (i + 1) && bad++ < 5)
      std::printf("values[%d] = %d\n", i, values[i]);
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
