// The ideal access: unit stride, aligned. The third parameter is ignored, so this kernel
// can stand in for copy_strided and copy_offset as a what-if.
__kernel void copy_unit(__global const float *in, __global float *out, int unused) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}
