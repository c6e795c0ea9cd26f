// RUN: not %cllint --min-impact=0 --all --rules=-*,arith-pow2-div-mod %s | %check-findings
// RUN: grep -v -e 'CHECK' -e 'FIXED' -e 'SAFE' %s > %t.cl && not %cllint --min-impact=0 --all --rules=-*,arith-pow2-div-mod --fix %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl
// Each case is a row of the measured table in the rule's doc (NVIDIA's compiler, SASS counts).

#define TILE 16
enum { WIDTH = 32 };
__constant int BLOCK = 8;

int bucket(int v) { return v % 16; }
// CHECK: pow2.cl:[[@LINE-1]]:30: warning: {{([^:]*: )?}}signed integer remainder by 16: 'v' may be negative, so the mask gets a sign fix-up (+2-3 instructions); if it is never negative, make it unsigned or write 'v & 15' [arith-pow2-div-mod]
int half_index(int i) { return i / 2; }
// CHECK: pow2.cl:[[@LINE-1]]:34: warning: {{([^:]*: )?}}signed integer division by 2: 'i' is never negative here, but the compiler cannot prove it, so the shift gets a sign fix-up (+1-2 instructions); write '(i >> 1)' or make 'i' unsigned [arith-pow2-div-mod]

__kernel void positives(__global int *out, __global const int *in, int n, int k, int phase) {
  int gid = get_global_id(0);
  int lid = get_local_id(0);
  int x = in[gid];
  // Ids copied into int: never negative, but NVIDIA's compiler keeps the sign fix-up.
  out[gid] = lid % 32 + lid / 32;
// CHECK: pow2.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}signed integer remainder by 32: 'lid' is never negative here, but the compiler cannot prove it, so the mask gets a sign fix-up (+2-3 instructions); write '(lid & 31)' or make 'lid' unsigned [arith-pow2-div-mod]
// CHECK: pow2.cl:[[@LINE-2]]:29: warning: {{([^:]*: )?}}signed integer division by 32: 'lid' is never negative here, but the compiler cannot prove it, so the shift gets a sign fix-up (+1-2 instructions); write '(lid >> 5)' or make 'lid' unsigned [arith-pow2-div-mod]
  out[gid] = gid % 4;
// CHECK: pow2.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}signed integer remainder by 4: 'gid' is never negative here
  out[gid] = (gid + lid) % 2;
// CHECK: pow2.cl:[[@LINE-1]]:26: warning: {{([^:]*: )?}}signed integer remainder by 2: '(gid + lid)' is never negative here, but the compiler cannot prove it, so the mask gets a sign fix-up (+2-3 instructions); write '((gid + lid) & 1)' or make its operands unsigned [arith-pow2-div-mod]
  // Signed arguments and signed loads may be negative: no exact rewrite.
  out[gid] = phase % 2;
// CHECK: pow2.cl:[[@LINE-1]]:20: warning: {{([^:]*: )?}}signed integer remainder by 2: 'phase' may be negative, so the mask gets a sign fix-up (+2-3 instructions); if it is never negative, make it unsigned or write 'phase & 1' [arith-pow2-div-mod]
  out[gid] = x / 16;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}signed integer division by 16: 'x' may be negative, so the shift gets a sign fix-up (+1-2 instructions); if it is never negative, make it unsigned or write 'x >> 4' [arith-pow2-div-mod]
  out[gid] = x % TILE;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}signed integer remainder by 16 ('TILE'): 'x' may be negative, so the mask gets a sign fix-up (+2-3 instructions); if it is never negative, make it unsigned [arith-pow2-div-mod]
  out[gid] = x / WIDTH + x % BLOCK;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}signed integer division by 32 ('WIDTH'): 'x' may be negative
// CHECK: pow2.cl:[[@LINE-2]]:28: warning: {{([^:]*: )?}}signed integer remainder by 8 ('BLOCK'): 'x' may be negative
  out[gid] = bucket(x) + half_index(gid);
  x /= 4;
// CHECK: pow2.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}signed integer division by 4: 'x' may be negative
  // A signed run-time power of two: a real div.s32.
  out[gid] = gid / (1 << k);
// CHECK: pow2.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}signed integer division by the run-time power of two '(1 << k)' compiles to a full 32-bit division (about 28 more instructions) where a shift would do; write '(gid >> k)' [arith-pow2-div-mod]
  out[gid] = gid % (1 << k);
// CHECK: pow2.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}signed integer remainder by the run-time power of two '(1 << k)' compiles to a full 32-bit remainder (about 28 more instructions) where a mask would do; write '(gid & ((1 << k) - 1))' [arith-pow2-div-mod]
  int d = 1 << k;
  out[gid] = x / d;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}signed integer division by the run-time power of two 'd' compiles to a full 32-bit division (about 28 more instructions) where a shift would do; the dividend may be negative: make the operands unsigned (an unsigned division by '1u << k' is already a shift) [arith-pow2-div-mod]
  out[gid] = (gid + n) / (1 << k);
// CHECK: pow2.cl:[[@LINE-1]]:24: warning: {{([^:]*: )?}}signed integer division by the run-time power of two '(1 << k)' compiles to a full 32-bit division (about 28 more instructions) where a shift would do; the dividend may be negative
}

__kernel void negatives(__global int *out, __global const float *f, __global const uint *ui, int n,
                        int k) {
  size_t i = get_global_id(0);
  out[i] = get_local_id(0) / 16;            // size_t: already a shift
  out[i] = get_local_id(0) % 2;
  out[i] = ui[i] / 8;                       // unsigned
  out[i] = (uint)n % 16;                    // cast to unsigned
  out[i] = (int)(f[i] / 16.0f);             // float division
  out[i] = n / 3 + n % 10;                  // not powers of two
  out[i] = (n & 0xff) / 16;                 // a mask: the compiler proves it non-negative
  for (int it = 0; it < n; ++it)            // a loop counter from 0: proven non-negative
    out[i + it] = it % 64 + it / 8;
  uint span = 1u << k;                      // unsigned run-time power of two: already a mask
  uint u = i;
  out[i] = u / span + u % span + (u / span) * span;
  u %= (1u << k);
  out[i] = u;
}

// Only exact rewrites are applied: dividends this analysis proves non-negative.
// FIXED: int half_index(int i) { return (i >> 1); }
// FIXED: out[gid] = (lid & 31) + (lid >> 5);
// FIXED: out[gid] = (gid & 3);
// FIXED: out[gid] = ((gid + lid) & 1);
// FIXED: out[gid] = phase % 2;
// FIXED: out[gid] = x / 16;
// FIXED: out[gid] = (gid >> k);
// FIXED: out[gid] = (gid & ((1 << k) - 1));
// FIXED: out[gid] = x / d;
// FIXED: out[gid] = (gid + n) / (1 << k);

// A dividend inside a macro's expansion is printed from the AST, never as ''; no fix there.
#define QUARTER(x) ((x) / 4)
__kernel void quarter_macro(__global int *o) { o[0] = QUARTER(o[1] + 3); }
// CHECK: pow2.cl:[[@LINE-1]]:{{[0-9]+}}: warning: {{([^:]*: )?}}signed integer division by 4: '(o[1] + 3)' may be negative
