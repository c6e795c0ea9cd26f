// A halving loop whose condition tests its own variable: once a shared_ptr cycle (a leak per
// lint that LeakSanitizer reports).
__kernel void reduce(__global float *p, __local float *s) {
  unsigned lid = get_local_id(0);
  for (unsigned k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (lid < k)
      s[lid] += s[lid + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int off = 1; off < 64; off *= 2)
    p[get_global_id(0) * off] = s[0];
}
