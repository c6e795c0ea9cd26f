// Does not compile: `shift_amount` is never declared.
__kernel void scale_down(__global const int *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] >> shift_amount;
}
