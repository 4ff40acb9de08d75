// Checks shared by the runtime API test programs: each failed check prints its line and what
// went wrong and counts in `failures`; the program then prints PASS or FAIL.
#pragma once

#include <cstdio>

static int failures = 0;

#define EXPECT_ERR(call, expected)                                                                 \
  do {                                                                                             \
    cudaError_t got_ = (call);                                                                     \
    if (got_ != (expected)) {                                                                      \
      printf("FAIL line %d: %s returned %s, expected %s\n", __LINE__, #call,                      \
             cudaGetErrorName(got_), cudaGetErrorName(expected));                                  \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)
#define EXPECT_OK(call) EXPECT_ERR(call, cudaSuccess)
// EXPECT_TRUE(condition) or EXPECT_TRUE(condition, printf-style message...).
#define EXPECT_TRUE(cond, ...)                                                                     \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL line %d: %s", __LINE__, #cond);                                                 \
      __VA_OPT__(printf(": "); printf(__VA_ARGS__);)                                               \
      printf("\n");                                                                                \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)
