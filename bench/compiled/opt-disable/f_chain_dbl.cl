__kernel void k(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  float x = in[i];
  out[i] = 1.0 - x / 0.5;
}
