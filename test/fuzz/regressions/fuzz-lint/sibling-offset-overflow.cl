// Constant folding and polynomial arithmetic that overflow 64 bits: once SIGFPE and UB.
__kernel void big(__global float *p) {
  long x = (long)get_global_id(0);
  p[x << 62] = 1.0f;
  p[x * 4611686018427387904L * 4] = 2.0f;
  long m = -9223372036854775807L - 1L;
  p[m / -1 + x] = 3.0f;
  p[m % -1 + x] = 4.0f;
}
__kernel __attribute__((reqd_work_group_size(4294967295, 1, 1))) void huge(__global float *p) {
  p[0] = 1.0f;
}
