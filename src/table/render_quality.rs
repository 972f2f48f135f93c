//! Picks the rendering quality once at startup: Low (no shadows, no MSAA, no tonemapping)
//! with `--low` or when the adapter is a CPU rasteriser such as lavapipe (DESIGN.md §5),
//! High otherwise.

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use wgpu_types::DeviceType;

use crate::headless::options::LaunchOptions;

/// How much the renderer may spend per frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum RenderQuality {
    /// No shadows, no MSAA, no tonemapping.
    Low,
    /// Shadows and 4× MSAA.
    #[default]
    High,
}

impl RenderQuality {
    /// The MSAA setting for cameras.
    pub fn msaa(self) -> Msaa {
        match self {
            RenderQuality::Low => Msaa::Off,
            RenderQuality::High => Msaa::Sample4,
        }
    }

    /// The tonemapping of cameras: off at Low, where the pass costs a full-screen shader per
    /// frame on a CPU rasteriser; Bevy's default at High.
    pub fn tonemapping(self) -> Tonemapping {
        match self {
            RenderQuality::Low => Tonemapping::None,
            RenderQuality::High => Tonemapping::default(),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RenderQuality>();
    app.add_systems(PreStartup, choose_quality);
}

fn choose_quality(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    adapter: Option<Res<RenderAdapterInfo>>,
) {
    let cpu = adapter
        .as_ref()
        .is_some_and(|info| info.device_type == DeviceType::Cpu);
    let quality = if options.low_quality || cpu {
        RenderQuality::Low
    } else {
        RenderQuality::High
    };
    if let Some(info) = &adapter {
        info!(
            "Adapter: {} ({:?}, {:?}); rendering quality {quality:?}",
            info.name, info.device_type, info.backend
        );
    }
    commands.insert_resource(quality);
}
