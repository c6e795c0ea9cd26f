// Pointers updated from themselves (SHOC fft, CLBlast xgemm, clBLAS dtrsm): once unbounded
// recursion in the analysis.
__kernel void walk(__global float *p, int n) {
  for (int i = 0; i < n; ++i) {
    p[get_global_id(0)] = 1.0f;
    p = p + 64;
  }
}
__kernel void rebase(__global float *q) {
  q = &q[get_global_id(0)];
  q[0] = 2.0f;
}
