__kernel void k(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  float x = in[i];
  out[i] = x * 2.0f;
}
