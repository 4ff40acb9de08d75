// All-pairs n-body accelerations in OpenCL C for PoCL: nbody.cu's kernel, the bodies staged
// through local memory one work-group-sized tile at a time.
__kernel void nbodyForces(__global const float4 *bodies, __global float4 *accel, int n,
                          float softening, __local float4 *tile) {
  int i = get_global_id(0), lid = get_local_id(0), size = get_local_size(0);
  float4 me = bodies[i];
  float ax = 0, ay = 0, az = 0;
  for (int t = 0; t < n; t += size) {
    tile[lid] = bodies[t + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < size; ++j) {
      float4 other = tile[j];
      float dx = other.x - me.x, dy = other.y - me.y, dz = other.z - me.z;
      float invDist = rsqrt(dx * dx + dy * dy + dz * dz + softening);
      float s = other.w * invDist * invDist * invDist;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  accel[i] = (float4)(ax, ay, az, 0);
}
