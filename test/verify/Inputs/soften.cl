// A float kernel with an unsuffixed literal chain over a scalar, an argument and a load (lifted
// into a loop harness, the load read once into a variable) and one inside a macro (not lifted).
#define HALF(v) ((v) * 0.5 + 1.0)
__kernel void soften(__global const float *in, __global float *out, float gain) {
  size_t i = get_global_id(0);
  float x = in[i];
  out[i] = x * 0.5 + gain * 1.5 + in[i] * 0.25;
  out[i] += HALF(x);
}
