// RUN: not %cllint --rules=-*,arith-pow2-div-mod %s | %check-findings
// RUN: grep -v 'CHECK' %s > %t.cl && not %cllint --rules=-*,arith-pow2-div-mod --fix %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl

#define TILE 16
enum { WIDTH = 32 };
__constant int BLOCK = 8;

int bucket(int v) { return v % 16; }
// CHECK: pow2.cl:[[@LINE-1]]:30: warning: signed integer remainder by 16: 'v' may be negative, so the remainder takes a sign fix-up (about 5 instructions instead of one AND); if it is never negative, make it unsigned or write 'v & 15' [arith-pow2-div-mod]
int half_index(int i) { return i / 2; }

__kernel void positives(__global int *out, __global const int *in, int n, int k) {
  int gid = get_global_id(0);
  int x = in[gid];
  out[gid] = x / 16;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: signed integer division by 16: 'x' may be negative, so the compiler adds a sign fix-up to the shift (about 3 instructions instead of 1); if it is never negative, make it unsigned or write 'x >> 4' [arith-pow2-div-mod]
  out[gid] = x % TILE;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: signed integer remainder by 16: 'x' may be negative, so the remainder takes a sign fix-up (about 5 instructions instead of one AND); if it is never negative, make it unsigned or write 'x & 15' [arith-pow2-div-mod]
  out[gid] = x / WIDTH + x % BLOCK;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: signed integer division by 32: 'x' may be negative, so the compiler adds a sign fix-up to the shift (about 3 instructions instead of 1); if it is never negative, make it unsigned or write 'x >> 5' [arith-pow2-div-mod]
// CHECK: pow2.cl:[[@LINE-2]]:28: warning: signed integer remainder by 8: 'x' may be negative, so the remainder takes a sign fix-up (about 5 instructions instead of one AND); if it is never negative, make it unsigned or write 'x & 7' [arith-pow2-div-mod]
  out[gid] = bucket(x);
  x /= 4;
// CHECK: pow2.cl:[[@LINE-1]]:5: warning: signed integer division by 4: 'x' may be negative, so the compiler adds a sign fix-up to the shift (about 3 instructions instead of 1); if it is never negative, make it unsigned or write 'x >> 2' [arith-pow2-div-mod]
  out[gid] = gid / (1 << k);
// CHECK: pow2.cl:[[@LINE-1]]:18: warning: integer division by the run-time power of two '(1 << k)' compiles to a full integer division (tens of instructions) where a shift would do; write '(gid >> k)' [arith-pow2-div-mod]
  out[gid] = gid % (1 << k);
// CHECK: pow2.cl:[[@LINE-1]]:18: warning: integer remainder by the run-time power of two '(1 << k)' compiles to a full integer remainder (tens of instructions) where a mask would do; write '(gid & ((1 << k) - 1))' [arith-pow2-div-mod]
  int d = 1 << k;
  out[gid] = x / d;
// CHECK: pow2.cl:[[@LINE-1]]:16: warning: integer division by the run-time power of two 'd' compiles to a full integer division (tens of instructions) where a shift would do; the dividend may be negative: make it unsigned, then shift or mask [arith-pow2-div-mod]
  out[gid] = (gid + n) / (1 << k);
// CHECK: pow2.cl:[[@LINE-1]]:24: warning: integer division by the run-time power of two '(1 << k)' compiles to a full integer division (tens of instructions) where a shift would do; the dividend may be negative: make it unsigned, then shift or mask [arith-pow2-div-mod]
  unsigned u = gid;
  u %= (1 << k);
// CHECK: pow2.cl:[[@LINE-1]]:5: warning: integer remainder by the run-time power of two '(1 << k)' compiles to a full integer remainder (tens of instructions) where a mask would do; write 'u &= ((1 << k) - 1)' [arith-pow2-div-mod]
  out[gid] = u;
}

__kernel void negatives(__global int *out, __global const float *f, __global const uint *ui, int n) {
  int gid = get_global_id(0);
  out[gid] = get_local_id(0) / 16;          // ids are non-negative: already a shift
  out[gid] = gid % 32;                        // int, but provably non-negative
  out[gid] = ui[gid] / 8;                     // unsigned
  out[gid] = (int)(f[gid] / 16.0f);           // float division
  out[gid] = n / 3 + n % 10;                  // not powers of two
  out[gid] = half_index(gid);                 // the helper's dividend is gid here
  out[gid] = (n & 0xff) / 16;                 // a mask keeps it non-negative
}

// Only exact rewrites are applied: non-negative dividends by a run-time power of two.
// FIXED: out[gid] = x / 16;
// FIXED: out[gid] = (gid >> k);
// FIXED: out[gid] = (gid & ((1 << k) - 1));
// FIXED: out[gid] = x / d;
// FIXED: out[gid] = (gid + n) / (1 << k);
// FIXED: u &= ((1 << k) - 1);
