// RUN: not %cllint %s | %check-findings
//
// Luma (Rec. 601) of an image stored as an array of structs with four
// float channels per pixel. Each channel read is a 4-byte field of a
// 16-byte struct: consecutive lanes are 16 bytes apart, so a warp pulls
// in 512 bytes to use 128 of them, three times. Reading the pixel as one
// float4 (or storing planes separately) uses every byte fetched.
// NDRange: (w * h), any local size.

typedef struct {
    float r;
    float g;
    float b;
    float a;
} Pixel;

__kernel void rgba_to_luma(__global const Pixel *px,
                           __global float *luma)
{
    const size_t i = get_global_id(0);
    luma[i] = 0.299f * px[i].r + 0.587f * px[i].g + 0.114f * px[i].b;
// CHECK: aos_pixels.cl:[[@LINE-1]]:24: warning: {{([^:]*: )?}}3 global loads of 'px' use 12 of every 16 B between consecutive work-items: each warp touches 16 32-B sectors for 384 useful bytes (minimum 12); 75% of fetched bytes are used{{.*}} [memory-global-stride]
// CHECK: aos_pixels.cl:[[@LINE-2]]:43: note: accessed together with the accesses at [[@LINE-2]]:43, [[@LINE-2]]:62
}
