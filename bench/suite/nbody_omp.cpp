// OpenMP version for nbody.cu: all-pairs gravitational accelerations, bodies spread over the
// threads, the loop over the other bodies vectorised (an explicit simd reduction, since the
// compiler may not reorder float sums on its own).
#include <cmath>
#include <cstddef>

struct Body {
  float x, y, z, mass;
};

void nbodyOpenMP(const Body *bodies, Body *accel, int n, float softening) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    const Body me = bodies[i];
    float ax = 0, ay = 0, az = 0;
#pragma omp simd reduction(+ : ax, ay, az)
    for (int j = 0; j < n; ++j) {
      float dx = bodies[j].x - me.x, dy = bodies[j].y - me.y, dz = bodies[j].z - me.z;
      float invDist = 1.0f / std::sqrt(dx * dx + dy * dy + dz * dz + softening);
      float s = bodies[j].mass * invDist * invDist * invDist;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    accel[i] = {ax, ay, az, 0};
  }
}
