// -E preprocesses the host side of a .cu file and then its device side, to stdout (or -o), so
// that a cache keyed on the text (ccache's preprocessor mode, sccache before 0.8) sees code
// behind __CUDA_ARCH__ either way; -M/-MM write a make rule for the object; -MD/-MMD write one
// as a side effect of the host compile, next to -o.
// RUN: %expand-plan %nvcc --dryrun -E %s 2>&1 | FileCheck %s --check-prefix=E
// E: #$ {{.*}}clang++ -x cuda {{.*}}-include cuda_runtime.h -isystem {{[^ ]+}}/include --cuda-host-only -E {{.*}}dryrun_preprocess_deps.cu{{$}}
// E-NEXT: #$ {{.*}}clang++ -x cuda {{.*}}-include cuda_runtime.h -isystem {{[^ ]+}}/include --cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=520 -E {{.*}}dryrun_preprocess_deps.cu{{$}}
// E-NOT: #$
// RUN: %expand-plan %nvcc --dryrun -E %s -o out.ii -DX=1 -Xcompiler -dD 2>&1 | FileCheck %s --check-prefix=EOUT
// EOUT: #$ {{.*}}clang++ -x cuda {{.*}}-DX=1 {{.*}}--cuda-host-only -dD -E {{.*}}dryrun_preprocess_deps.cu -o out.ii
// EOUT-NEXT: #$ {{.*}}clang++ -x cuda {{.*}}-DX=1 {{.*}}--cuda-device-only {{.*}}-dD -E {{.*}}dryrun_preprocess_deps.cu >> out.ii
// EOUT-NOT: #$
// RUN: %expand-plan %nvcc --dryrun -E %S/Inputs/host_source.cpp 2>&1 | FileCheck %s --check-prefix=ECXX
// ECXX: #$ {{.*}}clang++ {{.*}}-E {{.*}}host_source.cpp
// ECXX-NOT: -x cuda
//
// RUN: %expand-plan %nvcc --dryrun -M %s 2>&1 | FileCheck %s --check-prefix=M
// RUN: %expand-plan %nvcc --dryrun --generate-dependencies %s 2>&1 | FileCheck %s --check-prefix=M
// M: #$ {{.*}}clang++ -x cuda {{.*}}--cuda-host-only -M -MT dryrun_preprocess_deps.o {{.*}}dryrun_preprocess_deps.cu
// M-NOT: #$
// RUN: %expand-plan %nvcc --dryrun -MM %s 2>&1 | FileCheck %s --check-prefix=MM
// MM: #$ {{.*}}--cuda-host-only -MM -MT dryrun_preprocess_deps.o {{.*}}dryrun_preprocess_deps.cu
// RUN: %expand-plan %nvcc --dryrun -M %s -MF deps.d -MT custom -MP 2>&1 | FileCheck %s --check-prefix=MFMT
// MFMT: #$ {{.*}}--cuda-host-only -M -MF deps.d -MT custom -MP {{.*}}dryrun_preprocess_deps.cu
// RUN: %expand-plan %nvcc --dryrun -M %s -odir objs 2>&1 | FileCheck %s --check-prefix=MODIR
// MODIR: #$ {{.*}}-M -MT objs/dryrun_preprocess_deps.o {{.*}}dryrun_preprocess_deps.cu
//
// -MD and -MMD ride on the host compile of a -c; the rule names the object.
// RUN: %expand-plan %nvcc --dryrun -c -MD %s 2>&1 | FileCheck %s --check-prefix=MD
// MD: #$ {{.*}}--cuda-device-only
// MD-NOT: -MD
// MD: #$ {{.*}}--cuda-host-only {{.*}}-MD -MF dryrun_preprocess_deps.d -MT dryrun_preprocess_deps.o -c -o
// RUN: %expand-plan %nvcc --dryrun -c -MMD %s -o obj/x.o 2>&1 | FileCheck %s --check-prefix=MMD
// MMD: #$ {{.*}}--cuda-host-only {{.*}}-MMD -MF obj/x.d -MT obj/x.o -c -o
// RUN: %expand-plan %nvcc --dryrun -c -MD -MF dep/x.d -MT 'obj/x.o' -MP %s -o obj/x.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MDALL
// MDALL: #$ {{.*}}--cuda-host-only {{.*}}-MD -MF dep/x.d -MT obj/x.o -MP -c -o
// RUN: %expand-plan %nvcc --dryrun -c -MD %S/Inputs/host_source.cpp 2>&1 | FileCheck %s --check-prefix=MDCXX
// MDCXX: #$ {{.*}}clang++ {{.*}}-MD -MF host_source.d -MT host_source.o -c -o host_source.o {{.*}}host_source.cpp

__global__ void kernel(int *p) { *p = 1; }
