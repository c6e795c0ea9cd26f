// Writes through a pointer made from an integer the plan passes (16): on a CPU device the
// process running the kernel takes a segmentation fault, on a GPU the launch fails.
__kernel void wild_write(__global int *out, ulong address) {
  __global int *p = (__global int *)address;
  p[get_global_id(0)] = 1;
  out[get_global_id(0)] = 2;
}
