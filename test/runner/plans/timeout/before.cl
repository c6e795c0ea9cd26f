// Never returns: spins on a volatile load of a value the plan fills with zero. Volatile,
// so the compiler may not assume the loop ends or delete it.
__kernel void spin(__global const int *in, __global int *out) {
  volatile __global const int *flag = in;
  while (flag[0] == 0) {
  }
  out[get_global_id(0)] = 1;
}
