import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay, EffectFade } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-fade';
import bienestar from '../../assets/images/hero-bienestar.svg';
import confianza from '../../assets/images/hero-confianza.svg';
import resultados from '../../assets/images/hero-resultados.svg';
import { buttonClass } from '../../components/button';

// SPEC §2 Home / §9: 3 slides, autoplay 5000 ms, fade, loop, each with a subtitle and a
// 'Ver Tratamientos' link to the services anchor. Only the two Swiper modules used are imported.

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

export function HeroCarousel() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(true);
  // Faded-out slides stay in the DOM: hide them from screen readers and keyboard focus.
  const [active, setActive] = useState(0);
  const toggle = () => {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };

  return (
    <section aria-roledescription="carrusel" aria-label="Presentación de Auna" className="relative">
      <Swiper
        modules={[Autoplay, EffectFade]}
        effect="fade"
        fadeEffect={{ crossFade: true }}
        loop
        speed={900}
        autoplay={{ delay: 5000, disableOnInteraction: false, pauseOnMouseEnter: true }}
        onSwiper={setSwiper}
        onRealIndexChange={(sw) => setActive(sw.realIndex)}
        className="h-[calc(100dvh-4.25rem)] min-h-[30rem] w-full"
      >
        {SLIDES.map((s, i) => (
          <SwiperSlide
            key={s.title}
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${SLIDES.length}`}
            aria-hidden={i !== active}
            inert={i !== active}
            className="relative overflow-hidden"
          >
            <img
              src={s.image}
              alt=""
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
          </SwiperSlide>
        ))}
      </Swiper>
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pausar el carrusel' : 'Reanudar el carrusel'}
        className="absolute right-4 bottom-4 z-10 grid h-11 w-11 cursor-pointer place-items-center rounded-full bg-white/20 text-white backdrop-blur transition hover:bg-white/35 sm:right-6 sm:bottom-6"
      >
        {playing ? <Pause className="h-5 w-5" aria-hidden /> : <Play className="h-5 w-5" aria-hidden />}
      </button>
    </section>
  );
}
