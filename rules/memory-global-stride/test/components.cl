// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-global-stride %s | %check-findings
// Vector components (`.x`, `.s3`, `.xyz`) and nested struct fields are accesses at their byte
// offsets.

typedef struct { float4 pos; float4 vel; } Body;
typedef struct { float mass; struct { float x, y; } at; } Node;

__kernel void components(__global Body *b, __global float *out, __global float4 *q,
                         __global Node *n) {
  int i = get_global_id(0);
  out[i] = b[i].pos.w;
// CHECK: components.cl:[[@LINE-1]]:12: warning: {{([^:]*: )?}}global load of a 4-B field from an array of 32-B structs: consecutive work-items are 32 B apart: each warp touches 32 32-B sectors for 128 useful bytes (minimum 4); 13% of fetched bytes are used; store the field in its own array (structure of arrays)
  out[i] += q[i].x + q[i].y + q[i].z + q[i].w; // the whole vector, read component by component
  out[i] += q[2 * i].s3;
// CHECK: components.cl:[[@LINE-1]]:13: warning: {{([^:]*: )?}}global load with a stride of 2 elements (32 B) between consecutive work-items: each warp touches 32 32-B sectors for 128 useful bytes (minimum 4); 13% of fetched bytes are used
// CHECK: components.cl:[[@LINE-2]]:15: note: the stride comes from '2 * i'
  float3 p = q[3 * i].xyz;
// CHECK: components.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load with a stride of 3 elements (48 B) between consecutive work-items: each warp touches 32 32-B sectors for 384 useful bytes (minimum 12); 38% of fetched bytes are used
// CHECK: components.cl:[[@LINE-2]]:16: note: the stride comes from '3 * i'
  out[i] += p.x + n[i].at.y;
// CHECK: components.cl:[[@LINE-1]]:19: warning: {{([^:]*: )?}}global load of a 4-B field from an array of 12-B structs: consecutive work-items are 12 B apart: each warp touches 12 32-B sectors for 128 useful bytes (minimum 4); 33% of fetched bytes are used
}

// One component of each uchar4 (the red channel): consecutive elements, a quarter of each used.
__kernel void red_channel(__global const uchar4 *px, __global uchar *red) {
  int i = get_global_id(0);
  red[i] = px[i].x;
// CHECK: components.cl:[[@LINE-1]]:12: warning: {{([^:]*: )?}}global load of 1 B from each 4-B element, consecutive work-items reading consecutive elements: each warp touches 4 32-B sectors for 32 useful bytes (minimum 1); 25% of fetched bytes are used
}

// .x, .y and .z of each float4 pixel: the compiler loads the element whole and the unused .w is
// the layout's convention. Two components of four are half the bytes.
__kernel void luminance(__global const float4 *px, __global float *lum, int width) {
  int x = get_global_id(0), y = get_global_id(1);
  int i = y * width + x;
  lum[i] = 0.2126f * px[i].x + 0.7152f * px[i].y + 0.0722f * px[i].z;
}
__kernel void two_channels(__global const float4 *px, __global float *lum, int width) {
  int x = get_global_id(0), y = get_global_id(1);
  int i = y * width + x;
  lum[i] = px[i + 1].y + px[i + 1].z;
// CHECK: components.cl:[[@LINE-1]]:12: warning: {{([^:]*: )?}}2 global loads of 'px' use 8 of every 16 B between consecutive work-items: {{.*}} 50% of fetched bytes are used
// CHECK: components.cl:[[@LINE-2]]:26: note: accessed together with the accesses at [[@LINE-2]]:26
}
