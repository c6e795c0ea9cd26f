// What-if: the same copy at unit stride (reads different data, so outputs are not comparable).
__kernel void strided_copy(__global const float *in, __global float *out, int stride) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}
