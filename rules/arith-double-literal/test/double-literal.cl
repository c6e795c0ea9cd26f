// RUN: not %cllint --min-impact=0 --all --rules=-*,arith-double-literal %s | %check-findings
// RUN: not %cllint --min-impact=0 --all --rules=-*,arith-double-literal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: grep -v -e 'CHECK' -e 'FIXED' -e 'SAFE' %s > %t.cl && not %cllint --min-impact=0 --all --rules=-*,arith-double-literal --fix %t.cl
// RUN: FileCheck %s --check-prefix=SAFE < %t.cl
// RUN: not %cllint --min-impact=0 --all --rules=-*,arith-double-literal --fix --fix-unsafe %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl
// Each case is a row of the measured table in the rule's doc (NVIDIA's compiler, PTX and SASS).

#define SCALE 1.1

float helper_not_called(float x) { return x * 1.1; } // not kernel code: silent

float scale_helper(float x) { return x * 1.1; }
// CHECK: double-literal.cl:[[@LINE-1]]:42: warning: {{([^:]*: )?}}double-precision literal '1.1' makes this float arithmetic run in double (1 fp64 operation and 2 float<->double conversions per evaluation); write '1.1f' [arith-double-literal]

__kernel void positives(__global float *y, __global const float *x, int n) {
  size_t i = get_global_id(0);
  // A chain, even of exact literals: cvt.f64.f32; fma.rn.f64; cvt.rn.f32.f64.
  y[i] = x[i] * 0.5 + 1e-3;
// One expression, one finding: its cost belongs to the expression, and fixing one literal of
// the chain alone removes nothing.
// CHECK: double-literal.cl:[[@LINE-3]]:17: warning: {{([^:]*: )?}}2 double-precision literals ('0.5', '1e-3') make this float arithmetic run in double (2 fp64 operations and 2 float<->double conversions per evaluation); write them as float constants [arith-double-literal]
// CHECK-NEXT: {{^}}{{ +}}[[@LINE-4]] |   y[i] = x[i] * 0.5 + 1e-3;
// CHECK-NEXT: {{^}}      |                 ^~~
// CHECK-NEXT: {{^}}      |                    f     f
  y[i] = x[i] * 0.5 + 1.0;
// CHECK: double-literal.cl:[[@LINE-1]]:17: warning: {{([^:]*: )?}}2 double-precision literals ('0.5', '1.0') make this float arithmetic run in double (2 fp64 operations
  // An inexact literal: an f64 multiply, an f64 compare.
  y[i] = x[i] * 1.1;
// CHECK: double-literal.cl:[[@LINE-1]]:17: warning: {{([^:]*: )?}}double-precision literal '1.1' makes this float arithmetic run in double (1 fp64 operation and 2 float<->double conversions per evaluation); write '1.1f' [arith-double-literal]
  if (x[i] > 0.1)
// CHECK: double-literal.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}double-precision literal '0.1' makes this float comparison run in double (1 fp64 operation and 1 float<->double conversion per evaluation); write '0.1f' [arith-double-literal]
    y[i] = sin(1.0 * x[i]);
// CHECK: double-literal.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}double-precision literal '1.0' makes this float arithmetic run in double (1 fp64 operation and 2 float<->double conversions per evaluation) and selects the double overload of 'sin'; write '1.0f' [arith-double-literal]
  y[i] *= 1.1;
// CHECK: double-literal.cl:[[@LINE-1]]:11: warning: {{([^:]*: )?}}double-precision literal '1.1' makes this float arithmetic run in double
  // An int operand: cvt.rn.f64.s32; mul.f64.
  y[i] = n * 0.25;
// CHECK: double-literal.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}double-precision literal '0.25' makes this float arithmetic run in double (1 fp64 operation and 2 float<->double conversions per evaluation); write '0.25f' [arith-double-literal]
  y[i] = x[i] * SCALE + scale_helper(x[i]);
// CHECK: double-literal.cl:[[@LINE-1]]:17: warning: {{([^:]*: )?}}double-precision literal '1.1' makes this float arithmetic run in double (2 fp64 operations and 3 float<->double conversions per evaluation)
// CHECK: double-literal.cl:9:15: note: expanded from macro 'SCALE'
  // A constant expression folds to one inexact constant: still an f64 multiply.
  y[i] = x[i] * (1 / 1.5e12);
// CHECK: double-literal.cl:[[@LINE-1]]:22: warning: {{([^:]*: )?}}double-precision literal '1.5e12' makes this float arithmetic run in double (1 fp64 operation
  // OpenCL's M_PI is a double constant; M_PI_F is its float twin.
  y[i] = x[i] * M_PI;
// CHECK: double-literal.cl:[[@LINE-1]]:17: warning: {{([^:]*: )?}}'M_PI' is a double constant: it makes this float arithmetic run in double (1 fp64 operation and 2 float<->double conversions per evaluation); write 'M_PI_F' [arith-double-literal]
  y[i] = 2.0 * M_PI * x[i];
// CHECK: double-literal.cl:[[@LINE-1]]:10: warning: {{([^:]*: )?}}2 double-precision literals ('2.0', 'M_PI') make this float arithmetic run in double (1 fp64 operation and 2 float<->double conversions per evaluation); write them as float constants
}

__kernel void narrowed(__global float *y, __global const float *x, int c) {
  size_t i = get_global_id(0);
  // One + - * / or comparison of a float and a literal exact in float, straight to float:
  // the compiler emits float code (double rounding is innocuous for these operations).
  y[i] = x[i] * 0.5;
  y[i] = x[i] + 1.0;
  y[i] = x[i] / 3.0;
  y[i] *= 2.;
  if (x[i] > 0.5)
    y[i] = 0.0f;
  y[i] = (x[i] < 0x1p-3 ? 1.0f : 0.0f);
  y[i] = x[i] * (2.0 * 0.25); // a constant expression exact in float
  y[i] = c ? 0.0 : x[i];      // a select: the constant is converted at compile time
  y[i] = c ? 0.1 : x[i];
}

// What the compiler folds before any fp64 is emitted (PTX compared on an NVIDIA GPU machine).
__kernel void folded(__global float *y, __global const float *x, int c, int d, int w) {
  int i = get_global_id(0);
  // Constants through variables that hold them: propagated, then folded.
  int k42 = 500;
  const float scale = 2.5f;
  float kt42 = k42 * 33.5e-6 / 5;
  y[i] = kt42 * x[i] + scale * 0.3;
  // `* 1.0` drops out; what is left is one float operation, narrowed.
  y[i] += x[i] * 1.0;
  // An integer of two values: a float select.
  float xf = 0.5 * (1 + (c || d));
  y[i] += xf;
  // The same beside a float operand: converted and multiplied in double.
  y[i] += 0.5 * (1 + (i < w)) * x[i];
// CHECK: double-literal.cl:[[@LINE-1]]:11: warning: {{([^:]*: )?}}double-precision literal '0.5' makes this float arithmetic run in double (3 fp64 operations and 4 float<->double conversions per evaluation); write '0.5f' [arith-double-literal]
  // A variable written again is not a constant.
  int k = 3;
  k += c;
  y[i] = k * 0.1;
// CHECK: double-literal.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}double-precision literal '0.1' makes this float arithmetic run in double
}

__kernel void negatives(__global float *y, __global const float *x, __global double *d, int n) {
  size_t i = get_global_id(0);
  float a = 0.1;            // folded: no arithmetic
  float b = -0.1;           // folded
  float c = 0.1 * 3.0;      // only literals: folded
  y[i] = x[i] * 0.1f + a + b + c;  // suffixed
  d[i] = x[i] * 0.1;        // stored into a double: genuinely double code
  double e = 1.5;
  y[i] = x[i] * e;          // a double operand: the code is double on purpose
  y[i] = d[i] * 0.1;        // double operand
  if (n > 0.1)              // integer compared with a literal: not float code
    y[i] = 1.0f;
  float4 v = vload4(i, x);
  vstore4(v * 2.0f, i, y);
  y[i] = x[i] * 1.1; // cllint: ignore[arith-double-literal]
  // cllint: ignore-next-line[arith-*]
  y[i] = x[i] * 1.3;
  y[i] = x[i] * 1.7; // NOLINT(arith-double-literal)
  y[i] = x[i] * M_PI_F;
}

// JSON: "rule": "arith-double-literal"
// JSON: "safety": "unsafe"
// JSON: "replacement": "f"

// Safe --fix alone leaves unsafe fixes alone (and exits 1: findings remain).
// SAFE: y[i] = x[i] * {{0\.5 \+ 1e-3}};
// FIXED: float scale_helper(float x) { return x * {{1\.1f}}; }
// FIXED: y[i] = x[i] * {{0\.5f \+ 1e-3f}};
// FIXED: if (x[i] > {{0\.1f}})
// FIXED: y[i] = sin({{1\.0f}} * x[i]);
// FIXED: y[i] *= {{1\.1f}};
// FIXED: y[i] = x[i] * {{SCALE}} + scale_helper(x[i]);
// FIXED: y[i] = x[i] * (1 / {{1\.5e12f}});
// FIXED: y[i] = x[i] * {{M_PI_F}};
// FIXED: y[i] = {{2\.0f}} * {{M_PI_F}} * x[i];
// FIXED: y[i] = x[i] * {{0\.5}};
// FIXED: y[i] += {{0\.5f}} * (1 + (i < w)) * x[i];
// FIXED: y[i] = x[i] * {{1\.1}}; // cllint: ignore
