import { Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import bienestar from '../../assets/images/hero-bienestar.svg';
import confianza from '../../assets/images/hero-confianza.svg';
import resultados from '../../assets/images/hero-resultados.svg';
import { buttonClass } from '../../components/button';

// SPEC §2 Home / §9: 3 slides, autoplay 5000 ms, fade, loop, each with a subtitle and a
// 'Ver Tratamientos' link to the services anchor. A small fade carousel of our own instead of
// Swiper: Swiper was 29 KB gzipped of the home page's first view for a cross-fade and a timer
// (docs/decisions/010-hero-carousel-without-swiper.md).

const SLIDES = [
  {
    image: confianza,
    eyebrow: 'Estética y belleza',
    title: 'Belleza que inspira confianza',
    subtitle: 'Tratamientos pensados para ti, con el tiempo y el cuidado que mereces.',
  },
  {
    image: bienestar,
    eyebrow: 'Tu momento de calma',
    title: 'Bienestar y relajación',
    subtitle: 'Masajes, rituales faciales y manos expertas para desconectar de todo lo demás.',
  },
  {
    image: resultados,
    eyebrow: 'Profesionales que escuchan',
    title: 'Resultados que enamoran',
    subtitle: 'Productos de calidad y técnicas actuales para un acabado que se nota y se disfruta.',
  },
] as const;

const AUTOPLAY_MS = 5000;

export function HeroCarousel() {
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  // Paused while the pointer or the keyboard focus is on the slide (WCAG 2.2.2), as Swiper's
  // pauseOnMouseEnter did; the button pauses for good.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const running = playing && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const id = setTimeout(() => setActive((i) => (i + 1) % SLIDES.length), AUTOPLAY_MS);
    return () => clearTimeout(id);
  }, [running, active]);

  return (
    <section aria-roledescription="carrusel" aria-label="Presentación de Auna" className="relative">
      <div
        className="relative h-[calc(100dvh-4.25rem)] min-h-[30rem] w-full overflow-hidden"
        onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        {SLIDES.map((s, i) => (
          <div
            key={s.title}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${SLIDES.length}`}
            // Faded-out slides stay in the DOM for the cross-fade: hide them from screen readers and keyboard focus.
            aria-hidden={i !== active}
            inert={i !== active}
            className={`absolute inset-0 overflow-hidden transition-opacity duration-[900ms] ease-in-out ${i === active ? 'z-[1] opacity-100' : 'opacity-0'}`}
          >
            <img
              src={s.image}
              alt=""
              width={1600}
              height={1000}
              className="absolute inset-0 h-full w-full object-cover object-[72%_50%] sm:object-center"
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
            {/* The overlay keeps the white text at AA contrast over every part of the image. */}
            <div className="absolute inset-0 bg-gradient-to-t from-[#2e2327]/90 via-[#2e2327]/60 via-50% to-[#2e2327]/5 sm:bg-gradient-to-r sm:from-[#2e2327]/85 sm:via-[#2e2327]/60 sm:via-55% sm:to-transparent" aria-hidden />
            <div className="relative mx-auto flex h-full max-w-6xl items-end px-4 pb-20 sm:items-center sm:px-6 sm:pb-0">
              <div className="max-w-xl text-white">
                <p className="text-sm font-semibold tracking-[0.2em] text-[#f5ead9] uppercase">{s.eyebrow}</p>
                <h2 className="mt-3 text-[2.6rem] leading-[1.05] text-white sm:text-6xl lg:text-7xl">{s.title}</h2>
                <p className="mt-4 text-lg leading-relaxed text-white/90 sm:text-xl">{s.subtitle}</p>
                <a href="#servicios" className={buttonClass('primary', 'mt-8 w-full px-8 sm:w-auto')}>
                  Ver Tratamientos
                </a>
              </div>
            </div>
          </div>
        ))}
      </div>
      <button
        type="button"
        onClick={() => setPlaying(!playing)}
        aria-label={playing ? 'Pausar el carrusel' : 'Reanudar el carrusel'}
        className="absolute right-4 bottom-4 z-10 grid h-11 w-11 cursor-pointer place-items-center rounded-full bg-white/20 text-white backdrop-blur transition hover:bg-white/35 sm:right-6 sm:bottom-6"
      >
        {playing ? <Pause className="h-5 w-5" aria-hidden /> : <Play className="h-5 w-5" aria-hidden />}
      </button>
    </section>
  );
}
