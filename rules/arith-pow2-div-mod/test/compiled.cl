// RUN: not %cllint --min-impact=0 --all --rules=-*,arith-pow2-div-mod %s | %check-findings
// RUN: grep -v -e 'CHECK' -e 'FIXED' -e 'SAFE' %s > %t.cl && not %cllint --min-impact=0 --all --rules=-*,arith-pow2-div-mod --fix %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl
// What NVIDIA's compiler really emits for the patterns of real code (HARDWARE.md, "what NVIDIA's
// compiler does with real findings"): each negative compiles to the plain shift or mask.

typedef struct { ushort keylen; } key_t;

__kernel void zero_tests(__global int *out, int n, int k) {
  int i = get_global_id(0);
  int tx = get_local_id(0);
  // Only whether the remainder is zero matters: the sign needs no fix-up.
  if ((i % 2) == 0)
    out[i] = 1;
  if (n % 2)
    out[i] = 2;
  out[i] += !(i % 8) + (0 != i % 4) + ((i % 16 == 0) ? 1 : 0);
  // The value itself is used: the sign matters.
  out[i] += (i % 2 == 1) + n % 4;
// CHECK: compiled.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}signed integer remainder by 2: 'i' is never negative here, but the compiler cannot prove it, so the mask gets a sign fix-up (+2-3 instructions); write '(i & 1)' or make 'i' unsigned [arith-pow2-div-mod]
// CHECK: compiled.cl:[[@LINE-2]]:30: warning: {{([^:]*: )?}}signed integer remainder by 4: 'n' may be negative, so the mask gets a sign fix-up (+2-3 instructions); if it is never negative, make it unsigned or write 'n & 3' [arith-pow2-div-mod]
  // A run-time power of two is a division whatever the test: the mask is exact for any sign.
  for (int s = 1; s < n; s *= 2)
    if ((tx - n) % (2 * s) == 0)
      out[i] += 3;
// CHECK: compiled.cl:[[@LINE-2]]:18: warning: {{([^:]*: )?}}signed integer remainder by the run-time power of two '(2 * s)' compiles to a full 32-bit remainder (about 28 more instructions) where a mask would do; write '((tx - n) & ((2 * s) - 1))' [arith-pow2-div-mod]
}

__kernel void proven_by_loop(__global int *out, __global const int *d, int n) {
  int tx = get_local_id(0);
  // Halved while positive, doubled from 2: the compiler knows the sign.
  for (int th = n / 2; th > 0; th /= 2)
    out[tx] += th / 2 + th % 4;
// CHECK: compiled.cl:[[@LINE-2]]:19: warning: {{([^:]*: )?}}signed integer division by 2: 'n' may be negative
  for (int q = 2; q < n; q *= 2)
    out[tx] += d[tx + q / 2];
  // Halved while non-zero: may be negative, the fix-up stays.
  for (int r = n; r != 0; r /= 2)
    out[tx] += r / 4;
// CHECK: compiled.cl:[[@LINE-2]]:29: warning: {{([^:]*: )?}}signed integer division by 2: 'r' may be negative
// CHECK: compiled.cl:[[@LINE-2]]:18: warning: {{([^:]*: )?}}signed integer division by 4: 'r' may be negative
  // Counted down while positive from a value read from memory (xrt's multilayer loop): the
  // loop's test tells the compiler the sign where the body reads it.
  for (int i = 2 * d[0]; i > 0; i--)
    out[tx] += d[i / 2];
  // Read after the body changed it, the test no longer holds: the fix-up stays.
  for (int j = d[1]; j > 0; j--) {
    int k = j - 1;
    out[tx] += d[k / 2];
// CHECK: compiled.cl:[[@LINE-1]]:20: warning: {{([^:]*: )?}}signed integer division by 2: 'k' may be negative
  }
}

__kernel void zero_extended(__global int *out, __global const uchar *data,
                            __global const key_t *keys, __global const short *s) {
  int i = get_global_id(0);
  // uchar and ushort promoted to int are never negative: shr.u16.
  out[i] = data[i] / 8 + keys[i].keylen / 8 + (data[i] + data[i + 1]) % 4;
  // A signed short is sign-extended: the fix-up stays.
  out[i] += s[i] / 8;
// CHECK: compiled.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}signed integer division by 8: 's[i]' may be negative
}

__kernel void folded(__global int *out, int n) {
  int i = get_global_id(0);
  __builtin_assume(n % 64 == 0);
  int offset = n;
  out[i] = (offset *= 2) / 2 + (n * 8) % 4 + (n << 2) / 4;
  out[i] += (n * 6) / 4;
// CHECK: compiled.cl:[[@LINE-1]]:21: warning: {{([^:]*: )?}}signed integer division by 4: '(n * 6)' may be negative
}

__kernel void doubled_unsigned(__global uint *out, uint n, uint k) {
  uint tid = get_local_id(0);
  // A value doubled in a loop is no power of two to the compiler: rem.u32 and div.u32.
  for (uint s = 1; s < get_local_size(0); s *= 2) {
    if (tid % (2 * s) == 0)
      out[tid] += 1;
// CHECK: compiled.cl:[[@LINE-2]]:13: warning: {{([^:]*: )?}}unsigned integer remainder by the run-time power of two '(2 * s)' compiles to a full 32-bit remainder (about 20 more instructions) where a mask would do; write '(tid & ((2 * s) - 1))' [arith-pow2-div-mod]
    out[tid] += n / s;
// CHECK: compiled.cl:[[@LINE-1]]:19: warning: {{([^:]*: )?}}unsigned integer division by the run-time power of two 's' compiles to a full 32-bit division (about 20 more instructions) where a shift would do; keep the exponent in a counter beside 's' and shift by it [arith-pow2-div-mod]
  }
  // `1u << k` the compiler sees: already a shift and a mask.
  out[0] = n / (1u << k) + n % (1u << k);
}

// The divisor's name is kept: the host may set another value.
#ifndef BATCH
#define BATCH 8
#endif
__kernel void host_divisor(__global int *out) {
  int lid = get_local_id(0);
  int per = BATCH;
  out[lid] = lid / BATCH + lid % per;
// CHECK: compiled.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}signed integer division by 8 ('BATCH'): 'lid' is never negative here, but the compiler cannot prove it, so the shift gets a sign fix-up (+1-2 instructions); write '(int)((uint)lid / BATCH)' or make 'lid' unsigned [arith-pow2-div-mod]
// CHECK: compiled.cl:[[@LINE-2]]:32: warning: {{([^:]*: )?}}signed integer remainder by 8 ('per'): 'lid' is never negative here, but the compiler cannot prove it, so the mask gets a sign fix-up (+2-3 instructions); write '(int)((uint)lid % per)' or make 'lid' unsigned [arith-pow2-div-mod]
}

// Two operators of one macro expansion are two findings.
#define HALVES(t) int halves_##t(int n) { return n / 2 + n / 2; }
HALVES(a)
// CHECK: compiled.cl:[[@LINE-1]]:1: warning: {{([^:]*: )?}}signed integer division by 2: 'n' may be negative
// CHECK: compiled.cl:[[@LINE-2]]:1: warning: {{([^:]*: )?}}signed integer division by 2: 'n' may be negative
__kernel void macro_pair(__global int *out, int n) { out[0] = halves_a(n); }

// FIXED: out[i] += ((i & 1) == 1) + n % 4;
// FIXED: if (((tx - n) & ((2 * s) - 1)) == 0)
// FIXED: if ((tid & ((2 * s) - 1)) == 0)
// FIXED: out[lid] = (int)((uint)lid / BATCH) + (int)((uint)lid % per);
