// Each work-item sums its row: the loop over k reaches A[gid * n + n - 1].
__kernel void row_sums(__global float *out, __global const float *A, const int n) {
  const int gid = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < n; k++)
    acc += A[gid * n + k];
  out[gid] = acc * 0.5;
}
