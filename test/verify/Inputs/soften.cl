// A float kernel with an unsuffixed literal chain on a scalar (lifted into a loop harness) and
// one on a loaded value (not lifted: it reads memory).
__kernel void soften(__global const float *in, __global float *out, float gain) {
  size_t i = get_global_id(0);
  float x = in[i];
  out[i] = x * 0.5 + gain * 1.5 + in[i] * 0.25;
}
