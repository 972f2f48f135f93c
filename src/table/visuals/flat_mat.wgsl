// The table's mat at the Low rendering quality: its texture and vertex colours under a
// light worked out once on the CPU (the key light and the ambient on a level surface), no
// per-pixel lighting. See flat_mat.rs.
#import bevy_pbr::forward_io::VertexOutput

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> light: vec4<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> tile: vec4<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var albedo: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(3) var albedo_sampler: sampler;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    var colour = vec4<f32>(1.0);
#ifdef VERTEX_UVS_A
    colour = textureSample(albedo, albedo_sampler, in.uv * tile.xy);
#endif
#ifdef VERTEX_COLORS
    colour = colour * in.color;
#endif
    return vec4<f32>(colour.rgb * light.rgb, 1.0);
}
