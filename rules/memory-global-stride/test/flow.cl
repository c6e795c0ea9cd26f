// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-global-stride %s | %check-findings
// Every read of a variable sees the definitions that reach it: reassigned variables, values
// set in both arms of an `if`, `i = 2*i`, reassigned parameters and self-updating pointers.

__kernel void reassigned(__global float *out, __global const float *in, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * w + x] = in[y * w + x]; // unit stride with these x, y
  x = get_global_id(1);
  y = get_global_id(0);
  out[y * w + x] = 0.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with stride = w elements between consecutive work-items: for w >= 8 each warp touches 32 32-B sectors
// CHECK: flow.cl:[[@LINE-2]]:7: note: the stride comes from 'y * w'
}

__kernel void doubled(__global float *a) {
  int i = get_global_id(0);
  a[i] = 1.0f; // before the doubling: unit stride
  i = 2 * i;
  a[i] = 2.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with a stride of 2 elements (8 B) between consecutive work-items: each warp touches 8 32-B sectors for 128 useful bytes (minimum 4); 50% of written bytes are used
// CHECK: flow.cl:[[@LINE-3]]:7: note: the stride comes from '2 * i'
}

__kernel void both_arms(__global float *a, __global float *b, int n) {
  int gid = get_global_id(0);
  int idx;
  if (n > 4)
    idx = gid * 4 + 1;
  else
    idx = gid * 4;
  a[idx] = 0.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 16 B apart: each warp touches 16 32-B sectors for 128 useful bytes (minimum 4); 25% of written bytes are used
// CHECK: flow.cl:[[@LINE-2]]:3: note: evaluated over the first warp of a work-group of shape 256x1x1 (profile default), with n = 4096 assumed
  int j = gid;
  if (n > 4)
    j = gid + 1;
  b[j] = 0.0f; // unit stride on either path
}

__kernel void parameter(__global float *a, int off) {
  a[off] = 1.0f; // the argument on entry: broadcast
  off += get_global_id(0) * 2;
  a[off] = 1.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with a stride of 2 elements (8 B)
}

__kernel void pointer_walk(__global float *a, __global float *b, int n, int k) {
  __global float *p = a + get_global_id(0) * 2;
  for (int it = 0; it < n; ++it) {
    *p = 1.0f;
// CHECK: flow.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}global store with a stride of 2 elements (8 B)
    p = p + k;
  }
  __global float *q = b + get_global_id(0);
  for (int it = 0; it < n; ++it) {
    *q = 1.0f; // unit stride in every iteration
    q += k;
  }
}

__kernel void wrapped(__global float *a, __global float *b, int c, int n) {
  int x = get_global_id(0);
  a[(x + c + n) % n] = 1.0f; // periodic wrap: consecutive lanes stay consecutive
  b[((x + 1) % n) * 4] = 1.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 16 B apart: each warp touches 17 32-B sectors for 128 useful bytes (minimum 4); 24% of written bytes are used
// CHECK: flow.cl:[[@LINE-2]]:3: note: evaluated over the first warp of a work-group of shape 256x1x1 (profile default), with n = 4096 assumed
}
