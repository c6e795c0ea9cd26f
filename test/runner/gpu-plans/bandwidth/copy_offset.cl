// out[i] = in[i + offset]: unit stride, but every access starts `offset` floats off alignment.
__kernel void copy_offset(__global const float *in, __global float *out, int offset) {
  size_t i = get_global_id(0);
  out[i] = in[i + offset];
}
