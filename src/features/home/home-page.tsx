import { DownloadCta } from './home-download-cta';
import { Hero } from './home-hero';
import { Performance } from './home-performance';
import { Sections } from './home-showcases';
import { Stats } from './home-stats';
import { Testimonials } from './home-testimonials';
import './home-page.css';

export default function HomePage() {
  return (
    <main>
      <Hero />
      <Stats />
      <Performance />
      <Sections />
      <Testimonials />
      <DownloadCta />
    </main>
  );
}
