/*===- tests/reference/error_strings.c - dump the runtime's error texts ---===*
 *
 * Part of Drawbridge, a clean-room CUDA toolchain.
 *
 * Programs print cudaGetErrorName()/cudaGetErrorString() in their diagnostics,
 * so Drawbridge's runtime has to return the very same texts as NVIDIA's.  This
 * program prints one line "<value> <name> <string>" for every cudaError_t
 * code; compare-error-strings.sh builds it once against NVIDIA's libcudart
 * and once against Drawbridge's and diffs the two outputs.
 *
 * The codes are plain numbers (kCodes below) so that the NVIDIA build needs
 * nothing from this repository.  When DRAWBRIDGE_ERROR_DEF is defined (the
 * Drawbridge build), the program first expands drawbridge/cuda_errors.def
 * and refuses to run if kCodes no longer lists exactly its values.
 * Regenerate kCodes after editing the .def with
 *
 *     printf '#define CUDA_ERROR(n, v, s) v,\n#include "drawbridge/cuda_errors.def"\n' |
 *       cc -E -P -I include -x c -
 *
 * A few values that are not error codes at all are printed too, because the
 * texts returned for unknown codes have to match as well.
 *
 * Build macros:
 *   ERROR_STRINGS_RUNTIME_API  include <cuda_runtime_api.h> (always for
 *                              NVIDIA's headers; for ours once they have it)
 *   DRAWBRIDGE_ERROR_DEF       check kCodes against drawbridge/cuda_errors.def
 *
 *===----------------------------------------------------------------------===*/

#include <stdio.h>

#if defined(ERROR_STRINGS_RUNTIME_API)
#include <cuda_runtime_api.h>
#else
/* Drawbridge's include/ may not have cuda_runtime_api.h yet. */
#include <driver_types.h>
extern const char *cudaGetErrorName(cudaError_t error);
extern const char *cudaGetErrorString(cudaError_t error);
#endif

/* The values of drawbridge/cuda_errors.def, in the order of that file. */
static const int kCodes[] = {
    0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   12,  13,  16,  17,  18,    19,  20,
    21,  22,  23,  24,  25,  26,  27,  28,  31,  32,  34,  35,  36,  37,  43,    44,  45,
    46,  49,  52,  53,  65,  66,  67,  68,  69,  98,  100, 101, 102, 103, 127,   200, 201,
    205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219,   220, 221,
    222, 223, 224, 225, 226, 300, 301, 302, 303, 304, 400, 401, 402, 500, 600,   700, 701,
    702, 703, 704, 705, 708, 709, 710, 711, 712, 713, 714, 715, 716, 717, 718,   719, 720,
    721, 800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810, 811, 812, 900,   901, 902,
    903, 904, 905, 906, 907, 908, 909, 910, 911, 912, 913, 914, 915, 999, 10000,
};

/* Values that are not cudaError_t codes: gaps, neighbours of the last codes,
 * and a negative number. */
static const int kUnknownCodes[] = {-1, 10, 11, 99, 227, 916, 998, 1000, 9999, 10001};

#define COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

#if defined(DRAWBRIDGE_ERROR_DEF)
/* Returns 0 when kCodes matches drawbridge/cuda_errors.def. */
static int check_codes_against_def(void) {
  static const int def_codes[] = {
#define CUDA_ERROR(name, value, string) value,
#include <drawbridge/cuda_errors.def>
  };
  int same = COUNT(def_codes) == COUNT(kCodes);
  for (int i = 0; same && i < COUNT(kCodes); ++i)
    same = def_codes[i] == kCodes[i];
  if (!same) {
    fprintf(stderr, "error_strings.c: kCodes differs from drawbridge/cuda_errors.def; "
                    "regenerate it (see the comment at the top of the file)\n");
    return 1;
  }
  return 0;
}
#endif

static const char *or_null(const char *text) { return text ? text : "(null)"; }

static void print_code(int value) {
  cudaError_t error = (cudaError_t)value;
  printf("%d %s %s\n", value, or_null(cudaGetErrorName(error)), or_null(cudaGetErrorString(error)));
}

int main(void) {
#if defined(DRAWBRIDGE_ERROR_DEF)
  if (check_codes_against_def() != 0)
    return 2;
#endif
  for (int i = 0; i < COUNT(kCodes); ++i)
    print_code(kCodes[i]);
  for (int i = 0; i < COUNT(kUnknownCodes); ++i)
    print_code(kUnknownCodes[i]);
  return 0;
}
