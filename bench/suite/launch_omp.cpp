// OpenMP version for launch.cu: an empty parallel region, the smallest unit of parallel work
// OpenMP code pays for (wake the team, run nothing, join at the implicit barrier).
void emptyRegionOpenMP() {
#pragma omp parallel
  {
    asm volatile("" ::: "memory"); // keeps the region from being optimised away
  }
}
