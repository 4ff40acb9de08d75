/* The C part of build_mixed_languages.cu. */
int mixed_c_offset(int x) {
  /* C, not C++: a C++ compiler would reject this implicit conversion from void *. */
  int *unused = (void *)0;
  (void)unused;
  return x + 1;
}
