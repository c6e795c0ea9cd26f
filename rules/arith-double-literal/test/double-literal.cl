// RUN: not %cllint --rules=-*,arith-double-literal %s | %check-findings
// RUN: not %cllint --rules=-*,arith-double-literal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: grep -v 'CHECK' %s > %t.cl && not %cllint --rules=-*,arith-double-literal --fix %t.cl
// RUN: FileCheck %s --check-prefix=SAFE < %t.cl
// RUN: not %cllint --rules=-*,arith-double-literal --fix --fix-unsafe %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl

#define HALF 0.5

float helper_not_called(float x) { return x * 0.5; } // not kernel code: silent

float scale_helper(float x) { return x * 2.0; }
// CHECK: double-literal.cl:[[@LINE-1]]:42: warning: double-precision literal '2.0' makes this float arithmetic run in double; write '2.0f' [arith-double-literal]

__kernel void positives(__global float *y, __global const float *x, int n) {
  size_t i = get_global_id(0);
  y[i] = x[i] * 0.5 + 1e-3;
// CHECK: double-literal.cl:[[@LINE-1]]:17: warning: double-precision literal '0.5' makes this float arithmetic run in double; write '0.5f' [arith-double-literal]
// CHECK-NEXT: {{^}}{{ +}}[[@LINE-2]] |   y[i] = x[i] * 0.5 + 1e-3;
// CHECK-NEXT: {{^}}      |                 ^~~
// CHECK-NEXT: {{^}}      |                    f
// CHECK: double-literal.cl:[[@LINE-5]]:23: warning: double-precision literal '1e-3' makes this float arithmetic run in double; write '1e-3f' [arith-double-literal]
  if (x[i] > 0.1)
// CHECK: double-literal.cl:[[@LINE-1]]:14: warning: double-precision literal '0.1' makes this float comparison run in double; write '0.1f' [arith-double-literal]
    y[i] = sin(1.0 * x[i]);
// CHECK: double-literal.cl:[[@LINE-1]]:16: warning: double-precision literal '1.0' makes this float arithmetic run in double and selects the double overload of 'sin'; write '1.0f' [arith-double-literal]
  y[i] *= 2.;
// CHECK: double-literal.cl:[[@LINE-1]]:11: warning: double-precision literal '2.' makes this float arithmetic run in double; write '2.f' [arith-double-literal]
  y[i] = n * 0.25;
// CHECK: double-literal.cl:[[@LINE-1]]:14: warning: double-precision literal '0.25' makes this float arithmetic run in double; write '0.25f' [arith-double-literal]
  y[i] = x[i] * HALF;
// CHECK: double-literal.cl:[[@LINE-1]]:17: warning: double-precision literal '0.5' makes this float arithmetic run in double; write '0.5f' [arith-double-literal]
// CHECK: double-literal.cl:8:14: note: expanded from macro 'HALF'
  y[i] = scale_helper(x[i]) + (x[i] < 0x1p-3 ? 1.0f : 0.0f);
// CHECK: double-literal.cl:[[@LINE-1]]:39: warning: double-precision literal '0x1p-3' makes this float comparison run in double; write '0x1p-3f' [arith-double-literal]
}

__kernel void negatives(__global float *y, __global const float *x, __global double *d, int n) {
  size_t i = get_global_id(0);
  float a = 0.5;            // folded: no arithmetic
  float b = -0.5;           // folded
  float c = 0.5 * 2.0;      // only literals: folded
  y[i] = x[i] * 0.5f + a + b + c;  // suffixed
  d[i] = x[i] * 0.5;        // stored into a double: genuinely double code
  double e = 1.5;
  y[i] = x[i] * e;          // a double operand: the code is double on purpose
  y[i] = d[i] * 0.5;        // double operand
  if (n > 0.5)              // integer compared with a literal: not float code
    y[i] = 1.0f;
  float4 v = vload4(i, x);
  vstore4(v * 2.0f, i, y);
  y[i] = x[i] * 0.5; // cllint: ignore[arith-double-literal]
  // cllint: ignore-next-line[arith-*]
  y[i] = x[i] * 0.75;
  y[i] = x[i] * 0.125; // NOLINT(arith-double-literal)
}

// JSON: "rule": "arith-double-literal"
// JSON: "safety": "unsafe"
// JSON: "replacement": "f"

// Safe --fix alone leaves unsafe fixes alone (and exits 1: findings remain).
// SAFE: y[i] = x[i] * {{0\.5 \+ 1e-3}};
// FIXED: float scale_helper(float x) { return x * {{2\.0f}}; }
// FIXED: y[i] = x[i] * {{0\.5f \+ 1e-3f}};
// FIXED: if (x[i] > {{0\.1f}})
// FIXED: y[i] = sin({{1\.0f}} * x[i]);
// FIXED: y[i] *= {{2\.f}};
// FIXED: y[i] = x[i] * {{HALF}};
// FIXED: y[i] = x[i] * {{0\.5}}; // cllint: ignore
