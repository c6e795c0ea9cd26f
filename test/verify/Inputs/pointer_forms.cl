// Strided accesses written as pointer arithmetic and inside a macro's argument.
#define LOAD(x) (x)
__kernel void pointer_forms(__global float *out, __global const float *in, const int stride) {
  const int gid = get_global_id(0);
  *(out + gid * stride + 1) = LOAD(in[gid * stride]);
}
