/* What sccache preprocesses to tell compilers apart (its own test, in short). */
#if defined(__NVCC__)
compiler_id=nvcc
#elif defined(__clang__)
compiler_id=clang
#else
compiler_id=unknown
#endif
